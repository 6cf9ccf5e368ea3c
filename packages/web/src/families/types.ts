import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../app/lazy-page';

/** A screen, loaded on first visit. */
export type LazyScreen = LazyExoticComponent<ComponentType>;

/**
 * What a device family brings to the console: its screens under their catalogue keys (framed ones,
 * and public ones declared in the catalogue's PUBLIC_SCREENS), and the menu icons its entries name.
 */
export interface FamilyConsole {
  family: string;
  pages: Record<string, LazyScreen>;
  publicPages?: Record<string, LazyScreen>;
  icons?: Record<string, ComponentType>;
}

/** A screen's module, imported on first visit (`() => import('./list-page')`). */
export type ScreenModule = () => Promise<{ default: ComponentType }>;

const lazyScreens = (screens: Record<string, ScreenModule>): Record<string, LazyScreen> =>
  Object.fromEntries(Object.entries(screens).map(([key, load]) => [key, lazyPage(load)]));

/** A family's console part: its menu icons, its framed screens by catalogue key and its public ones, each loaded lazily. */
export function familyConsole(
  family: string,
  icons: Record<string, ComponentType>,
  pages: Record<string, ScreenModule>,
  publicPages?: Record<string, ScreenModule>,
): FamilyConsole {
  return { family, icons, pages: lazyScreens(pages), ...(publicPages && { publicPages: lazyScreens(publicPages) }) };
}
