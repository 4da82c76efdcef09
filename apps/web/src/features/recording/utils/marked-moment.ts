/**
 * The moment a highlight mark stands for, in seconds of the recording, kept to a tenth: the
 * precision a highlight is filed at (highlights/api/file-marks.ts). Rounded when the mark is made,
 * so the recorder's "1 highlight marked: 0:02" and the note's jump list name the same second
 * (2.46 s would otherwise read 0:02 while recording and 0:03, as 2.5 s, on the note).
 */
export function markedMoment(elapsedSeconds: number): number {
  return Number.isFinite(elapsedSeconds) && elapsedSeconds > 0 ? Math.round(elapsedSeconds * 10) / 10 : 0;
}
