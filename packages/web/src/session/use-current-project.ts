import type { ProjectTreeNode } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { getUser, useSessionUser } from './store';

/**
 * The "current project" of the /pjt area (spec 001 §7: every call goes to /api/pjts/{projectId}/).
 * By default the signed-in user's own project; a choice among the projects the user can see is kept
 * in sessionStorage (per tab) under `sc.project`, remembered only for the user who made it.
 */
const STORAGE_KEY = 'sc.project';

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
    raw = sessionStorage.getItem(STORAGE_KEY);
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

/** Chooses the current project for this tab; `null` goes back to the user's own project. */
export function setCurrentProject(project: CurrentProject | null): void {
  const user = getUser();
  if (!project || !user || project.id === user.projectId) sessionStorage.removeItem(STORAGE_KEY);
  else sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...project, userId: user.userId }));
  emit();
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
