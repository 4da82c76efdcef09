/*
 * bm25_tf(fts_table, weight, ...): an FTS5 ranking function, FTS5's own bm25() with every
 * phrase's inverse document frequency taken as 1.
 *
 * bm25() computes each phrase's IDF when a statement first ranks a row, by running the phrase
 * over the whole table and counting the rows it is in (xQueryPhrase). With a million notes a
 * common phrase ("t you") took 84 of the search's 101 ms that way. With one phrase, the IDF is a
 * positive factor shared by every row, so leaving it out ranks the rows in exactly the same
 * order (ADR 0070). The search uses this only when its ranking MATCH holds one phrase.
 *
 * Built by apps/server/build.mjs against better-sqlite3's SQLite headers; loaded by
 * apps/server/src/db/sqlite-extensions.ts. SQLite names the entry point from the file name
 * (bm25-tf.so: its letters, "bmtf"), hence sqlite3_bmtf_init.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <stdlib.h>

/* FTS5's bm25 constants (fts5_aux.c). */
#define K1 1.2
#define B 0.75

static void bm25_tf(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int n_val,
                    sqlite3_value **values) {
  int n_phrase = api->xPhraseCount(fts);
  sqlite3_int64 n_row = 0, n_token = 0;
  int rc = api->xRowCount(fts, &n_row);
  if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &n_token);
  int n_inst = 0;
  if (rc == SQLITE_OK) rc = api->xInstCount(fts, &n_inst);
  int row_tokens = 0;
  if (rc == SQLITE_OK) rc = api->xColumnSize(fts, -1, &row_tokens);
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(ctx, rc);
    return;
  }
  double *freq = calloc((size_t)(n_phrase > 0 ? n_phrase : 1), sizeof(double));
  if (!freq) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (int i = 0; i < n_inst; i++) {
    int phrase, column, offset;
    rc = api->xInst(fts, i, &phrase, &column, &offset);
    if (rc != SQLITE_OK) break;
    double weight = column < n_val ? sqlite3_value_double(values[column]) : 1.0;
    freq[phrase] += weight;
  }
  if (rc != SQLITE_OK) {
    free(freq);
    sqlite3_result_error_code(ctx, rc);
    return;
  }
  double avgdl = n_row > 0 ? (double)n_token / (double)n_row : 1.0;
  if (avgdl <= 0) avgdl = 1.0;
  double score = 0.0;
  for (int i = 0; i < n_phrase; i++) {
    score += (freq[i] * (K1 + 1.0)) / (freq[i] + K1 * (1 - B + B * (double)row_tokens / avgdl));
  }
  free(freq);
  /* Lower is better, as bm25() answers. */
  sqlite3_result_double(ctx, -1.0 * score);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_bmtf_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
  SQLITE_EXTENSION_INIT2(routines);
  (void)error;
  fts5_api *fts5 = 0;
  sqlite3_stmt *statement = 0;
  int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_pointer(statement, 1, (void *)&fts5, "fts5_api_ptr", 0);
  sqlite3_step(statement);
  rc = sqlite3_finalize(statement);
  if (rc != SQLITE_OK) return rc;
  if (!fts5 || fts5->iVersion < 2) return SQLITE_ERROR;
  return fts5->xCreateFunction(fts5, "bm25_tf", 0, bm25_tf, 0);
}
