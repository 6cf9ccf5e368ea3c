import type { ComponentType, LazyExoticComponent } from 'react';

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
