import { z } from 'zod';

/**
 * The key of something one server instance alone holds (a live stream's files, a call's or a live
 * broadcast's audio): 32 url-safe characters, the first eight of them the id of the instance holding it,
 * so that any instance asked for it sends the request there (docs/operations.md, several instances).
 */
export const HELD_KEY = /^[A-Za-z0-9_-]{32}$/;

/**
 * A key a family names itself (a recording's period…) that one instance holds: that instance's id, a
 * dot, then what `name` matches (a pattern without anchors), so that viewers of the same thing on one
 * instance share it and a request for it reaches that instance.
 */
export const heldName = (name: RegExp) => new RegExp(`^[A-Za-z0-9_-]{8}\\.(?:${name.source})$`);

/** A path parameter that is such a key. */
export const heldKeyParam = () => z.string().regex(HELD_KEY, 'validation.validParam');
