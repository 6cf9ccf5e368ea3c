import type { SessionUser } from '@sc/contract';
import { useSyncExternalStore } from 'react';

/** The session (spec 000 §3): token and user in browser storage, the user mirrored in memory. */
const TOKEN_KEY = 'sc.token';
const USER_KEY = 'sc.user';

let user: SessionUser | null = readUser();
const listeners = new Set<() => void>();

function readUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getUser(): SessionUser | null {
  return user;
}

export function setSession(next: SessionUser): void {
  user = next;
  localStorage.setItem(TOKEN_KEY, next.userToken);
  localStorage.setItem(USER_KEY, JSON.stringify(next));
  emit();
}

export function clearSession(): void {
  user = null;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getUser, getUser);
}
