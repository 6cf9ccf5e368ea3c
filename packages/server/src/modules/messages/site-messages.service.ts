import {
  alarmOfFoldKey,
  I18N_RESOURCES,
  type Lang,
  type MessageAlarm,
  msg,
  PARENT_LIST_SIZE,
  type SiteMessageView,
  translate,
} from '@sc/contract';
import { notFound } from '../../platform/errors.js';
import { pageWindow, toPage } from '../../platform/paging.js';
import type { SettingsService } from '../system/settings.service.js';
import type { MessageRow, MessageStatus, SiteMessagesRepository } from './site-messages.repository.js';

/**
 * A message's title is either typed by a person (`title`, stored as written) or built by the system from
 * an i18n key (`titleKey`), which every reader then sees in their own language.
 */
export type MessageContent = {
  content: string;
  /** Repeats of one thing (a device's alarm) fold into the recipient's unread message of the same key. */
  fold?: { key: string; severity?: 'warning' | 'alarm' };
} & ({ title: string } | { titleKey: string; titleParams?: Record<string, string | number> });

/** The project in a system title: its name, or the key of the built-in root project's name. */
export type ProjectParam = { project: string } | { projectKey: string };
const ROOT_PROJECT_ZH = I18N_RESOURCES.zh_CN.labels.builtin.rootProject;

const TITLE_MAX = 200;
const TITLE_REF_MAX = 400;

/** The stored title (Chinese, the default language) and, for a system title, its reference. */
function titleOf(message: MessageContent): { title: string; titleRef: string | null } {
  if ('title' in message) return { title: message.title.slice(0, TITLE_MAX), titleRef: null };
  const ref = msg(message.titleKey, message.titleParams);
  return {
    title: translate('zh_CN', ref).slice(0, TITLE_MAX),
    // A reference too long to store (very long device names) falls back to the Chinese title.
    titleRef: ref.length <= TITLE_REF_MAX ? ref : null,
  };
}

const titleIn = (row: MessageRow, lang: Lang) => {
  const title = row.titleRef ? translate(lang, row.titleRef) : row.title;
  return (
    row.repeatCount > 1 ? translate(lang, 'messages.system.repeated', { title, count: row.repeatCount }) : title
  ).slice(0, TITLE_MAX);
};

const present = (row: MessageRow, lang: Lang): SiteMessageView => ({
  id: row.id,
  title: titleIn(row, lang),
  content: row.content,
  isRead: row.isRead,
  isDeleted: row.isDeleted,
  senderName: row.senderRealName || row.senderAccount || translate(lang, 'settings.systemSender'),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Site messages (spec 000 §4, §7): each user works on their own messages only; another user's id is
 * treated as absent. Other modules send through `send` and `sendToProject`.
 */
export function createSiteMessagesService(deps: {
  messages: SiteMessagesRepository;
  settings: SettingsService;
  /** The device alarms messages are about (maintenance: the work that handled them). */
  alarmsOf?: (refs: { deviceId: number; code: string }[]) => Promise<(MessageAlarm & { projectPath: string })[]>;
  /** Tells the recipients' open consoles (realtime channel) so their unread count moves at once. */
  onSent?: (recipientIds: number[]) => void;
}) {
  const { messages } = deps;

  /**
   * Rows as the caller reads them, a device alarm's with the alarm it is about when its device's project
   * is in the caller's scope (`scope`: the caller's project path; a device moved out of it since stays
   * out of reach).
   */
  async function presentAll(rows: MessageRow[], lang: Lang, scope?: string): Promise<SiteMessageView[]> {
    const refs = new Map(
      rows.flatMap((r) => (alarmOfFoldKey(r.foldKey) ? [[r.foldKey!, alarmOfFoldKey(r.foldKey)!]] : [])),
    );
    const alarms = refs.size && deps.alarmsOf ? await deps.alarmsOf([...refs.values()]) : [];
    const byKey = new Map(
      alarms
        .filter((a) => scope === undefined || a.projectPath.startsWith(scope))
        .map(({ projectPath: _path, ...a }) => [`${a.deviceId}:${a.code}`, a]),
    );
    return rows.map((row) => {
      const ref = row.foldKey ? refs.get(row.foldKey) : undefined;
      const alarm = ref ? byKey.get(`${ref.deviceId}:${ref.code}`) : undefined;
      return { ...present(row, lang), ...(alarm ? { alarm } : {}) };
    });
  }

  async function one(recipientId: number, id: number, lang: Lang, scope?: string) {
    const row = await messages.view(recipientId, id);
    if (!row) throw notFound();
    const [view] = await presentAll([row], lang, scope);
    return view!;
  }

  /** Spec 000 §6: system messages come from the administrator named in the settings, else the built-in one. */
  async function sender(): Promise<number | null> {
    const configured = await deps.settings.get('siteMessageAdmin');
    if (configured > 0 && (await messages.isAdmin(configured))) return configured;
    return messages.oldestAdmin();
  }

  /** Answers how many recipients it reached: a folded repeat counts as reaching its recipient. */
  async function send(message: MessageContent, recipientIds: number[]) {
    const senderId = await sender();
    const recipients = [...new Set(recipientIds)];
    const folded = message.fold ? new Set(await messages.fold(recipients, message.fold.key)) : new Set<number>();
    const inserted = await messages.insertMany(
      recipients
        .filter((recipientId) => !folded.has(recipientId))
        .map((recipientId) => ({
          recipientId,
          senderId,
          ...titleOf(message),
          content: message.content,
          foldKey: message.fold?.key ?? null,
          severity: message.fold?.severity ?? null,
        })),
    );
    if (recipients.length) deps.onSent?.(recipients);
    return inserted + folded.size;
  }

  return {
    countUnread: (recipientId: number) => messages.countUnread(recipientId),
    /** The caller's unread device alarms by level, for the bell. */
    unreadAlarms: (recipientId: number) => messages.unreadBySeverity(recipientId),

    async list(recipientId: number, status: MessageStatus, lang: Lang, scope?: string) {
      const { list } = await messages.page(recipientId, status, [], { limit: PARENT_LIST_SIZE, offset: 0 });
      return presentAll(list, lang, scope);
    },

    async page(
      recipientId: number,
      query: { page: number; pageSize?: number; keyword: string[]; status: MessageStatus },
      lang: Lang,
      scope?: string,
    ) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await messages.page(recipientId, query.status, query.keyword, window);
      return toPage(await presentAll(list, lang, scope), total, window);
    },

    async markRead(recipientId: number, id: number, lang: Lang, scope?: string) {
      if ((await messages.markRead(recipientId, [id])) === 0) throw notFound();
      return one(recipientId, id, lang, scope);
    },
    markReadMany: async (recipientId: number, ids: number[]) => ({
      updated: await messages.markRead(recipientId, ids),
    }),

    async recycle(recipientId: number, id: number, lang: Lang, scope?: string) {
      if ((await messages.setDeleted(recipientId, [id], true)) === 0) throw notFound();
      return one(recipientId, id, lang, scope);
    },
    recycleMany: async (recipientId: number, ids: number[]) => ({
      updated: await messages.setDeleted(recipientId, ids, true),
    }),

    async restore(recipientId: number, id: number, lang: Lang, scope?: string) {
      if ((await messages.setDeleted(recipientId, [id], false)) === 0) throw notFound();
      return one(recipientId, id, lang, scope);
    },

    purge: async (recipientId: number) => ({ deleted: await messages.purge(recipientId) }),

    send,
    /** To every active user of the project (and, when asked, of its descendants). */
    async sendToProject(projectId: number, message: MessageContent, options: { includeDescendants?: boolean } = {}) {
      return send(message, await messages.usersOfProject(projectId, options.includeDescendants ?? false));
    },
    /**
     * Device alarms and offline events (until notice rules exist): to the project's users and the
     * administrators who see the project (`audienceOf`), titled by `message` with the project's name
     * (the built-in root project's in each reader's language). Answers how many were sent.
     */
    async sendToAudience(projectId: number, message: (project: ProjectParam) => MessageContent) {
      const audience = await messages.audienceOf(projectId);
      if (!audience || audience.userIds.length === 0) return 0;
      const project: ProjectParam =
        audience.name === ROOT_PROJECT_ZH ? { projectKey: 'labels.builtin.rootProject' } : { project: audience.name };
      return send(message(project), audience.userIds);
    },
    sender,
  };
}

export type SiteMessagesService = ReturnType<typeof createSiteMessagesService>;
