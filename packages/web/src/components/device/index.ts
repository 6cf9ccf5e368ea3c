/** Device widgets every family screen shares (the chart itself loads lazily, with the screens that draw one). */
export type { Answer, ChildDevice, CommandAnswer, DeviceEvent, RegistrationAnswer } from './answers';
export {
  applyBatchPush,
  BatchBar,
  type BatchDeviceResult,
  BatchProgress,
  type BatchProgressState,
  isBatchPush,
  useBatchProgress,
} from './batch-progress';
export { useCardCall } from './card-call';
export { ControlsCard, LastReportCard, ReportedAtRefresh } from './card-parts';
export { CommandBar, type DeviceCommand, type ManifestCommand, useManifestCommands } from './command-bar';
export { DeviceConfigCard, SideConfigCard, useStoredConfig } from './config-card';
export { type DeviceRowCall, familyClient, fetchDevice, pagedEvents, registerBy } from './device-client';
export {
  BackLink,
  type DeviceBack,
  DeviceLocation,
  DevicePage,
  DevicePolicies,
  type DevicePolicyRow,
  type DeviceProperty,
  DeviceRegisterButton,
  DeviceShell,
  type DeviceTab,
  locationText,
  useDeviceRow,
  useFollowDevice,
  useLiveDevice,
  useRegistryDevice,
  useReportingDevice,
} from './device-page';
export { type DeviceDetailProps, devicePage } from './device-screen';
export { EventsCard, type EventsQuery, firstEventsPages, useCodeWords } from './events-card';
export { DeviceEvents, EventsTable, eventLevelColumn, useEventsPaging } from './events-table';
export {
  type DeviceField,
  type FamilyDeviceOptions,
  FamilyDeviceShell,
  type FamilyDeviceShellProps,
  type LatestCall,
  namedTabs,
  propertyItems,
  useClientDevice,
  useFamilyDevice,
} from './family-device';
export { familyKeys } from './family-keys';
export {
  ActiveStateFilter,
  FamilyListCard,
  type FamilyListOptions,
  FamilyListTable,
  type FamilyRowActions,
  type FamilyTexts,
  familyPageQuery,
  keywordPaged,
  pagedBy,
  useFamilyColumns,
  useFamilyList,
} from './family-list';
export { type FamilyListPage, familyListPage } from './family-list-page';
export { type FirmwareStage, FirmwareUpload, formatBytes, useErrorText } from './firmware-upload';
export { type FollowedBatch, useFollowedBatch } from './followed-batch';
export { type HistoryView, HistoryViews, ReadingsPicker } from './history-views';
export { LatestValues } from './latest-values';
export { useParentDevice } from './parent-device';
export {
  type ReadingDef,
  type ReadingPoint,
  ReadingsChart,
  readingsChartOption,
} from './readings-chart';
export {
  HistoryExport,
  type HistoryPeriod,
  HistoryPeriodPicker,
  type HistoryPreset,
  presetRange,
  type ReadingsQuery,
  ReadingsTable,
  useHistoryPeriod,
} from './readings-history';
export { ReadingsHistory } from './readings-history-card';
export { useRegisteredDevice } from './registered-device';
export { type Registrable, RegistrationButton, useRegistration } from './registration';
export { REPORT_WRITTEN_MS, useRereadLater } from './reread-later';
export { DeviceRowsCard } from './rows-card';
export {
  applyStatePush,
  type LiveRow,
  livePagePatch,
  liveRowPatch,
  patchLiveRow,
  type RowReport,
} from './state-push';
export { type ListView, TableOrMapCard } from './table-or-map';
export { ActiveStateTag, EventLevelTag, FlagTag, LiveBadge, RegisteredTag } from './tags';
export { uploadFile } from './upload';
export {
  RecordFilesTable,
  RecordSearchBar,
  RecordSearchFields,
  RecordTypeTag,
  recordSizeText,
} from './video-records';
