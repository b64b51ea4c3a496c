// What the resource and patient actions and the upload route answer: data, or a failure the UI can
// show as it is (plain words, the platform's request id, messages per form field, and where to sign
// in again when the connection is gone). Never a raw exception message. Not server-only (types).
export interface Failure {
  message: string;
  /** The platform's X-Request-Id, for the user to quote to support. */
  requestId?: string;
  /** Messages per form field; `_` for those that name none. */
  errors: Record<string, string[]>;
  /** Set when only signing in with the platform again helps. */
  reconnect?: string;
}

export type ActionResult<T> = ({ ok: true } & { data: T }) | ({ ok: false } & Failure);

export function failed(message: string, errors: Record<string, string[]> = {}): { ok: false } & Failure {
  return { ok: false, message, errors };
}
