/**
 * Agglomerative clustering of segments by ΔBIC: the two clusters whose merge costs least
 * are merged, until merging costs more than it saves ("auto") or until the given number of
 * speakers is left. Comparing every pair is quadratic, so the work is bounded: segments are
 * clustered in chunks of CHUNK in time order (each chunk stopping at the criterion, and at
 * most at half its size so every level shrinks), the chunks' clusters are clustered again
 * the same way, and only the last level, at most CHUNK clusters, is clustered as a whole.
 * For a recording of S segments that is O(S · CHUNK) merges' worth of work, linear in its
 * length.
 */
import { GaussianStats, deltaBic } from './gaussian.ts';
import type { DiarizationTuning } from './tuning.ts';

const CHUNK = 256;

export interface Cluster {
  stats: GaussianStats;
  /** Indices of the segments it holds. */
  members: number[];
}

export type SpeakerCount = 'auto' | number;

export function clusterSegments(
  stats: readonly GaussianStats[],
  speakers: SpeakerCount,
  tuning: DiarizationTuning,
): Cluster[] {
  let clusters: Cluster[] = stats.map((s, i) => ({ stats: s, members: [i] }));
  while (clusters.length > CHUNK) {
    const next: Cluster[] = [];
    for (let from = 0; from < clusters.length; from += CHUNK) {
      const chunk = clusters.slice(from, from + CHUNK);
      next.push(
        ...agglomerate(chunk, { penalty: tuning.clusterPenalty, atMost: Math.ceil(chunk.length / 2) }),
      );
    }
    clusters = next;
  }
  if (speakers === 'auto') {
    clusters = agglomerate(clusters, { penalty: tuning.clusterPenalty, atMost: tuning.maxSpeakers });
    // A handful of seconds that matched no one is noise or a stray word, not a speaker; the
    // resegmentation gives those frames to whichever speaker they sound most like.
    const big = clusters.filter((c) => c.stats.n >= tuning.minSpeakerFrames);
    return big.length > 0 ? big : clusters.slice(0, 1);
  }
  return agglomerate(clusters, { atMost: speakers, exactly: true, penalty: tuning.clusterPenalty });
}

interface AgglomerateOptions {
  penalty: number;
  /** Merge until no more than this many clusters are left. */
  atMost: number;
  /** Ignore the criterion: merge down to `atMost` whatever it costs. */
  exactly?: boolean;
}

function agglomerate(
  input: readonly Cluster[],
  { penalty, atMost, exactly = false }: AgglomerateOptions,
): Cluster[] {
  const clusters: (Cluster & { logDet: number })[] = input.map((c) => ({
    ...c,
    logDet: c.stats.weightedLogDet(),
  }));
  const m = clusters.length;
  const alive = new Uint8Array(m).fill(1);
  const cost = new Float64Array(m * m);
  const pairCost = (i: number, j: number) => {
    const a = clusters[i]!;
    const b = clusters[j]!;
    return deltaBicFromLogDets(a, b, penalty);
  };
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) cost[i * m + j] = pairCost(i, j);
  let count = m;
  while (count > 1) {
    let best = Infinity;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < m; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < m; j++) {
        if (alive[j] && cost[i * m + j]! < best) {
          best = cost[i * m + j]!;
          bi = i;
          bj = j;
        }
      }
    }
    // A merge that costs (ΔBIC > 0: two speakers fit better) is made only to reach `atMost`.
    if (count <= atMost && (exactly || best > 0)) break;
    const a = clusters[bi]!;
    const b = clusters[bj]!;
    a.stats = GaussianStats.combined(a.stats, b.stats);
    a.members = a.members.concat(b.members);
    a.logDet = a.stats.weightedLogDet();
    alive[bj] = 0;
    count--;
    for (let k = 0; k < m; k++) {
      if (!alive[k] || k === bi) continue;
      if (k < bi) cost[k * m + bi] = pairCost(k, bi);
      else cost[bi * m + k] = pairCost(bi, k);
    }
  }
  return clusters.filter((_, i) => alive[i]).map(({ stats, members }) => ({ stats, members }));
}

function deltaBicFromLogDets(
  a: { stats: GaussianStats; logDet: number },
  b: { stats: GaussianStats; logDet: number },
  penalty: number,
): number {
  return deltaBic(a.stats, b.stats, penalty, a.logDet, b.logDet);
}
