// The screens the live-list benchmark opens, from the contract: for each family with a built list
// screen, its list (the ready menu screen whose path ends in `list`) and its device page (deviceScreenOf),
// and the demo's first district (where the benchmark signs in). Loaded by console-live-list.mjs (tsImport).
import { DEMO_DISTRICTS } from '../../packages/contract/src/demo/plan.js';
import { deviceScreenOf, FAMILY_MANIFESTS } from '../../packages/contract/src/families/index.js';

/** One family's screens: its list and the page of one of its devices (null: it has none). */
export interface LiveListScreen {
  family: string;
  list: string;
  device: string | null;
}

export const district: string = DEMO_DISTRICTS[0]!.no;

export const screens: LiveListScreen[] = FAMILY_MANIFESTS.flatMap((f) => {
  const list = f.screens.find((s) => s.kind === 'function' && s.ready && s.menu && s.path.endsWith('list'));
  return list ? [{ family: f.type, list: list.path, device: deviceScreenOf(f.type)?.path ?? null }] : [];
});
