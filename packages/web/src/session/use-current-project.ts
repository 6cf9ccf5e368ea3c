import { type DeviceView, PAGE_SIZE, type Page, type ProjectTreeNode } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { getUser, useSessionUser } from './store';

/**
 * The "current project" of the /pjt area (spec 001 §7: every call goes to /api/pjts/{projectId}/).
 * A choice among the projects the user can see is kept in sessionStorage (per tab) under `sc.project`
 * and, as the last chosen, in localStorage under `sc.project.last` (a new tab or sign-in opens on it);
 * both remembered only for the user who made them. Without a choice, the landing (useProjectLanding)
 * opens on the user's own project when it holds devices, else on the project of a device below it.
 */
const STORAGE_KEY = 'sc.project';
const LAST_KEY = 'sc.project.last';

export interface CurrentProject {
  id: number;
  name: string;
}

interface StoredChoice extends CurrentProject {
  userId: number;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedChoice: StoredChoice | null = null;

function readChoice(): StoredChoice | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY) ?? localStorage.getItem(LAST_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedChoice;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as StoredChoice) : null;
    cachedChoice =
      parsed && Number.isInteger(parsed.id) && parsed.id > 0 && typeof parsed.name === 'string' ? parsed : null;
  } catch {
    cachedChoice = null;
  }
  return cachedChoice;
}

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current project outside React (null when nobody is signed in). */
export function getCurrentProject(): CurrentProject | null {
  const user = getUser();
  if (!user) return null;
  const choice = readChoice();
  if (choice && choice.userId === user.userId) return { id: choice.id, name: choice.name };
  return { id: user.projectId, name: user.projectName };
}

/** Chooses the current project for this tab and as the last chosen; `null` goes back to the user's own project. */
export function setCurrentProject(project: CurrentProject | null): void {
  const user = getUser();
  if (!project || !user) {
    sessionStorage.removeItem(STORAGE_KEY);
    localStorage.removeItem(LAST_KEY);
  } else {
    const raw = JSON.stringify({ id: project.id, name: project.name, userId: user.userId });
    sessionStorage.setItem(STORAGE_KEY, raw);
    localStorage.setItem(LAST_KEY, raw);
  }
  emit();
}

/**
 * Where a user without a remembered choice lands: their own project when it holds devices, else the
 * project of a device they can see (the root project of a platform holds none directly, and an
 * operator opening it saw "no data" everywhere). The own project when anything fails.
 */
async function landingProject(own: CurrentProject): Promise<CurrentProject> {
  const one = { page: 1, pageSize: PAGE_SIZE.min };
  try {
    const mine = await api.get<Page<DeviceView>>(`${projectApiBase(own.id)}/devices.do/pages`, one, { silent: true });
    if (mine.total > 0) return own;
    const any = await api.get<Page<DeviceView>>('/api/biz/devices.do/pages', one, { silent: true });
    const first = any.list[0];
    return first ? { id: first.projectId, name: first.projectName } : own;
  } catch {
    return own;
  }
}

/**
 * Settles the current project once per user: without a remembered choice, looks for the landing
 * project and keeps it as the choice (the screen shows the own project meanwhile).
 */
export function useProjectLanding(): void {
  const user = useSessionUser();
  const choice = useSyncExternalStore(subscribe, readChoice, readChoice);
  const needed = Boolean(user) && !(choice && choice.userId === user?.userId);
  const landing = useQuery({
    queryKey: ['session', 'projects', 'landing', user?.userId],
    queryFn: () => landingProject({ id: user!.projectId, name: user!.projectName }),
    enabled: needed,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    if (needed && landing.data) setCurrentProject(landing.data);
  }, [needed, landing.data]);
}

/**
 * Whether the /pjt lists and the map include the child projects' devices (issue 13): a switch beside
 * the current project, remembered per user in localStorage (`sc.project.children`) like the choice.
 */
const CHILDREN_KEY = 'sc.project.children';
let cachedChildrenRaw: string | null | undefined;
let cachedChildren: { userId: number; on: boolean } | null = null;

function readChildren(): { userId: number; on: boolean } | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(CHILDREN_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedChildrenRaw) return cachedChildren;
  cachedChildrenRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as { userId: number; on: boolean }) : null;
    cachedChildren = parsed && typeof parsed.on === 'boolean' ? parsed : null;
  } catch {
    cachedChildren = null;
  }
  return cachedChildren;
}

/** Turns the child projects' devices on or off for the signed-in user. */
export function setIncludeChildren(on: boolean): void {
  const user = getUser();
  if (!user) return;
  try {
    localStorage.setItem(CHILDREN_KEY, JSON.stringify({ userId: user.userId, on }));
  } catch {
    // storage refused: the switch lasts until the page is left
  }
  emit();
}

/** Whether the current user's /pjt lists include the child projects (off until switched on). */
export function useIncludeChildren(): boolean {
  const user = useSessionUser();
  const stored = useSyncExternalStore(subscribe, readChildren, readChildren);
  return Boolean(user && stored && stored.userId === user.userId && stored.on);
}

/** The project-scoped API base of a project, e.g. `/api/pjts/3`. */
export const projectApiBase = (projectId: number) => `/api/pjts/${projectId}`;

export interface CurrentProjectState {
  /** null when nobody is signed in. */
  project: CurrentProject | null;
  projectId: number | null;
  /** `/api/pjts/{projectId}`, or null when nobody is signed in. */
  apiBase: string | null;
  setProject: (project: CurrentProject | null) => void;
}

/** The current project, re-rendering when it (or the signed-in user) changes. */
export function useCurrentProject(): CurrentProjectState {
  const user = useSessionUser();
  const choice = useSyncExternalStore(subscribe, readChoice, readChoice);
  const project: CurrentProject | null = !user
    ? null
    : choice && choice.userId === user.userId
      ? { id: choice.id, name: choice.name }
      : { id: user.projectId, name: user.projectName };
  return {
    project,
    projectId: project?.id ?? null,
    apiBase: project ? projectApiBase(project.id) : null,
    setProject: setCurrentProject,
  };
}

export const VISIBLE_PROJECTS_KEY = ['session', 'projects', 'tree'];

/**
 * The projects the user can see, as a tree (GET /api/projects.do/trees). Silent: a user whose role
 * may not read the project list gets a 403 and then only has their own project.
 */
export function useVisibleProjects() {
  const user = useSessionUser();
  return useQuery({
    queryKey: [...VISIBLE_PROJECTS_KEY, user?.userId],
    queryFn: () => api.get<ProjectTreeNode[]>('/api/projects.do/trees', undefined, { silent: true }),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
}
