/** Who is calling: resolved from the token by the authorisation hook, attached to the request. */
export interface SessionContext {
  sessionId: number;
  tokenHash: string;
  user: { id: number; name: string; realName: string; status: number; lastLoginAt: Date | null };
  role: { id: number; name: string; no: string; status: number; admin: boolean };
  project: { id: number; name: string; no: string; status: number; parentId: number | null; path: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
}
