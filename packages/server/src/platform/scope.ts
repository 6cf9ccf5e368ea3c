import type { SessionContext } from '../modules/session/session-context.js';

/** A user sees and changes only their own project and its descendants (paths like /1/4/9/). */
export const inScope = (session: SessionContext, projectPath: string) => projectPath.startsWith(session.project.path);
