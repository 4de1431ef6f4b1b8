/** What the bare server answers (bench/bare-server.ts), as captured from the real one. */
export interface BareAnswer {
  status: number;
  contentType: string;
  body: string;
}
export type BareAnswers = Record<string, BareAnswer>;

/** The key of an answer: a signed-in read answers other bytes than the same read signed out. */
export const answerKey = (method: string, url: string, hasCookie: boolean) =>
  `${method} ${url}${hasCookie ? ' (signed in)' : ''}`;

/** The key of the answer given to any request that has none of its own. */
export const ANY_REQUEST = '*';
