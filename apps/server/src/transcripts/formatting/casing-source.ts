/** Where the capitals of names come from: the written form of a word people capitalise. */
export interface CasingSource {
  /**
   * "monday" -> "Monday"; undefined for a word this source does not know. A source may
   * answer with the word unchanged to keep it lower case (composeCasingSources stops there).
   */
  properForm(word: string): string | undefined;
}
