import type { ModuleCode } from './types.js';

/** A screen anyone may open without signing in, outside the main frame (spec 000 §2 public routes). */
export interface PublicScreen {
  key: string;
  path: string;
  module: ModuleCode;
}

/** The public screens; the console routes each one that has a screen registered under its key. */
export const PUBLIC_SCREENS: readonly PublicScreen[] = [{ key: 'pubenvshow', path: '/pubenvshow', module: 'env' }];
