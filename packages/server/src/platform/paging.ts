import type { Page } from '@sc/contract';
import { and, type Column, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';

/** LIMIT/OFFSET of a page; `pageSize` falls back to the setting. */
export function pageWindow(query: { page: number; pageSize?: number }, defaultSize: number) {
  const pageSize = query.pageSize ?? defaultSize;
  return { page: query.page, pageSize, limit: pageSize, offset: (query.page - 1) * pageSize };
}

export const toPage = <T>(list: T[], total: number, window: { page: number; pageSize: number }): Page<T> => ({
  list,
  total,
  page: window.page,
  pageSize: window.pageSize,
});

/**
 * The same page as `toPage` when the database wrote the list as JSON text: the answer's text, to send
 * with `sendJsonText` so that it is not parsed and serialised again.
 */
export const toPageJson = (listJson: string, total: number, window: { page: number; pageSize: number }) =>
  `{"list":${listJson},"total":${total},"page":${window.page},"pageSize":${window.pageSize}}`;

/** Sends JSON that is already text. */
export const sendJsonText = (reply: FastifyReply, text: string) =>
  reply.type('application/json; charset=utf-8').send(text);

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must appear in one of the columns (case-insensitive). */
export function keywordWhere(words: string[], columns: (Column | SQL)[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(...words.map((word) => or(...columns.map((c) => ilike(c as Column, `%${escapeLike(word)}%`)))));
}
