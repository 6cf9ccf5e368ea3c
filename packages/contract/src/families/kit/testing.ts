import { decodeMessage } from '../../validation/message.js';

/** The issues of a failed parse as `path:messageKey` (the message's key without its values), for tests. */
export const issueKeys = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${decodeMessage(i.message).key}`);
