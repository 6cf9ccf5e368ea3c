import { z } from 'zod';

/**
 * The key of something one server instance alone holds (a live stream's files, a call's or a live
 * broadcast's audio): 32 url-safe characters, the first eight of them the id of the instance holding it,
 * so that any instance asked for it sends the request there (docs/operations.md, several instances).
 */
export const HELD_KEY = /^[A-Za-z0-9_-]{32}$/;

/** A path parameter that is such a key. */
export const heldKeyParam = () => z.string().regex(HELD_KEY, 'validation.validParam');
