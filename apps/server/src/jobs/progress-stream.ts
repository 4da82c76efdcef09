/**
 * The live progress of one voice note's transcription as server-sent events (ADR 0010): a
 * `state` event at once and whenever status or progress changes, then `end` when the note
 * is done, failed or deleted. The stream is the reply body, so it leaves through Fastify
 * with the API's security headers and request id like any other response.
 *
 * The runner's job events wake a stream the moment its job moves in this process; a slow
 * poll covers jobs that another process runs. A stream lives no longer than the session
 * that opened it (checked on every wake and every few seconds, and ended at once by its
 * logout), and one user may hold only a few open at a time.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { onSessionEnd } from '../auth/sessions/session-ends.ts';
import { SESSION_COOKIE } from '../auth/sessions/session-plugin.ts';
import type { Db } from '../db/database.ts';
import { ApiProblem, notFound } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import type { JobEvents } from './job-events.ts';
import { presentState } from '../transcripts/transcription-state.ts';
import { findJobState, type JobState } from '../transcripts/transcripts-repository.ts';

export interface ProgressStreamDeps {
  db: Db;
  events: JobEvents;
  /** Streams one user may hold open at once (every tab following a note holds one). */
  maxPerUser: number;
  /** How often a stream re-reads its note when no job event came (jobs of other processes). */
  pollMs: number;
  /** How often the session is checked between wakes. */
  sessionCheckMs?: number;
}

type NoteParams = { Params: { padId: string; noteId: string } };

/** What a stream follows, and for whom. */
interface Subject {
  ownerId: string;
  sessionId: string;
  padId: string;
  first: JobState;
}

export function registerProgressStream(app: FastifyInstance, deps: ProgressStreamDeps): void {
  const streams = new ProgressStreams(deps);
  // An open stream would hold the server's close until its job ends.
  app.addHook('preClose', (done) => {
    streams.endAll();
    done();
  });
  // No HEAD twin: it would open a stream that nothing reads or ends, holding a place.
  const route = { exposeHeadRoute: false };
  app.get<NoteParams>('/pad/:padId/voicenote/:noteId/events/', route, async (request, reply) => {
    const ownerId = await requireUserId(request);
    const session = await request.getSession();
    const { padId, noteId } = request.params;
    const first = await findJobState(deps.db, ownerId, padId, noteId);
    if (!session || !first) throw notFound('This voice note');
    return streams.open(request, reply, { ownerId, sessionId: session.id, padId, first });
  });
}

const sse = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The session the request's cookie names, read afresh (not the copy loaded for the request). */
async function currentSession(request: FastifyRequest) {
  const token = request.cookies[SESSION_COOKIE];
  return token ? request.server.sessions.store.load(token) : undefined;
}

class ProgressStreams {
  readonly #heldBy = new Map<string, number>();
  readonly #enders = new Set<() => void>();

  constructor(private readonly deps: ProgressStreamDeps) {}

  endAll(): void {
    for (const end of [...this.#enders]) end();
  }

  open(request: FastifyRequest, reply: FastifyReply, subject: Subject): FastifyReply {
    const { db, events, maxPerUser, pollMs } = this.deps;
    const { ownerId, sessionId, padId, first } = subject;
    const held = this.#heldBy.get(ownerId) ?? 0;
    if (held >= maxPerUser) return this.#refuse(reply);
    this.#heldBy.set(ownerId, held + 1);

    const body = new PassThrough();
    const cleanups: (() => void)[] = [];
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      for (const cleanup of cleanups) cleanup();
      const left = (this.#heldBy.get(ownerId) ?? 1) - 1;
      if (left > 0) this.#heldBy.set(ownerId, left);
      else this.#heldBy.delete(ownerId);
    };
    let ended = false;
    const end = (status?: string): void => {
      if (ended) return;
      ended = true;
      if (status) body.write(sse('end', { status }));
      body.end();
      release();
    };
    // Fastify destroys the body when the client goes away.
    body.once('close', () => {
      ended = true;
      release();
    });

    let last = '';
    const show = (note: JobState): void => {
      const state = presentState(note);
      const key = `${state.status}:${state.progress}`;
      if (key !== last) {
        last = key;
        body.write(sse('state', state));
      }
      if (note.status === 'done' || note.status === 'failed') end(note.status);
    };
    const signedIn = async (): Promise<boolean> => {
      const session = await currentSession(request);
      return session?.id === sessionId && session.userId === ownerId;
    };
    const refresh = async (): Promise<void> => {
      if (!(await signedIn())) return end();
      const note = await findJobState(db, ownerId, padId, first.id);
      if (ended) return;
      if (!note) return end('deleted');
      show(note);
    };
    const failed = (err: unknown): void => {
      request.log.warn({ err }, 'progress stream stopped');
      end();
    };
    // One read at a time; wakes that arrive meanwhile fold into one more read after it.
    let running = false;
    let again = false;
    const wake = (): void => {
      if (ended) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      refresh()
        .catch(failed)
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            wake();
          }
        });
    };
    const checkSession = (): void => {
      signedIn().then((ok) => {
        if (!ok) end();
      }, failed);
    };

    cleanups.push(
      events.subscribe(first.id, wake),
      onSessionEnd(sessionId, () => end()),
    );
    const poll = setInterval(wake, pollMs);
    const sessionTimer = setInterval(checkSession, this.deps.sessionCheckMs ?? 5_000);
    cleanups.push(() => {
      clearInterval(poll);
      clearInterval(sessionTimer);
    });
    this.#enders.add(end);
    cleanups.push(() => this.#enders.delete(end));

    show(first);
    // The job may have moved between the first read and the subscription.
    wake();
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(body);
  }

  #refuse(reply: FastifyReply): FastifyReply {
    const { maxPerUser, pollMs } = this.deps;
    const problem = new ApiProblem(429, [
      {
        code: API_ERROR_CODES.rateLimited,
        message: `You are already following ${maxPerUser} transcriptions live, the most at once. Close a Voxpad tab you no longer need, or try again in a few seconds.`,
      },
    ]);
    return reply
      .status(429)
      .header('retry-after', String(Math.max(1, Math.ceil(pollMs / 1000))))
      .send(problem.toJSON());
  }
}
