/** One question's results in the staff survey screen. */
export interface QuestionResult {
  key: string;
  text: string;
  /** Answers with this question rated. */
  answered: number;
  /** Mean rating, null with no answers. */
  average: number | null;
  /** How many gave 1, 2, 3, 4 and 5. */
  distribution: [number, number, number, number, number];
}
