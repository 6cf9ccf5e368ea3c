import type { SessionContext } from '../modules/session/session-context.js';

/** A user sees and changes only their own project and its descendants (paths like /1/4/9/). */
export const inScope = (session: SessionContext, projectPath: string) => projectPath.startsWith(session.project.path);

/**
 * Whether a path is the root project's (`/1/`): there is one root and every project descends from it
 * (a project is always created under a parent), so the root's subtree needs no condition at all.
 */
export const isWholeTree = (path: string) => /^\/\d+\/$/.test(path);
