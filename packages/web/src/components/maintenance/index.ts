export { HandledWorkTag } from './handled-work';
export { MaintenanceHistoryLink } from './history-link';
export {
  BILL_LIST_PATH,
  BILL_PATH,
  billPath,
  devicePagePath,
  HISTORY_PATH,
  historyPath,
  type MaintenanceApi,
  maintenanceApi,
  maintenanceKeys,
  POLE_PATH,
  type PoleDevice,
  type PoleView,
  polePath,
} from './maintenance-api';
export { type AlarmToOpen, OpenWorkOrderButton } from './open-work-order';
export { BillStatusTag, DetailStatusTag, PoleStateTag } from './status-tags';
export { useLevelOf, usePermission } from './use-permission';
