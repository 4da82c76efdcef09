export function toIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** allauth timestamps are epoch seconds with a fraction. */
export function toEpochSeconds(epochMs: number): number {
  return epochMs / 1000;
}
