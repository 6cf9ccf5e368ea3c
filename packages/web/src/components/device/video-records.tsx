import { SearchOutlined } from '@ant-design/icons';
import { VIDEO_RECORD_TYPES, type VideoRecordType } from '@sc/contract/families/kit';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Flex,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { TIME_FORMAT } from '../time';

/** The record types' tag colours: continuous plain, motion blue, alarm red, an operator's green. */
const TYPE_COLORS: Record<VideoRecordType, string> = {
  normal: 'default',
  event: 'blue',
  warning: 'red',
  manual: 'green',
};

/** A record file's size in MB or GB. */
export const recordSizeText = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** A record's type as a tag in the family's words (`<ns>.recordTypes.<type>`). */
export function RecordTypeTag({ ns, type }: { ns: string; type: VideoRecordType }) {
  const { t } = useTranslation();
  return (
    <Tag color={TYPE_COLORS[type]} data-record-type={type}>
      {t(`${ns}.recordTypes.${type}`)}
    </Tag>
  );
}

/**
 * What a record search asks (recorders' files, a camera's own recordings): the period, whole minutes,
 * never empty, and a type or all (`<ns>.records.period`, `.type`, `.allTypes`).
 */
export function RecordSearchFields({
  ns,
  testId,
  range,
  onRange,
  type,
  onType,
}: {
  ns: string;
  /** Test ids `<testId>-period` and `<testId>-type`. */
  testId: string;
  range: [Dayjs, Dayjs];
  onRange: (range: [Dayjs, Dayjs]) => void;
  type: VideoRecordType | undefined;
  onType: (type: VideoRecordType | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DatePicker.RangePicker
        showTime
        format={TIME_FORMAT}
        value={range}
        allowClear={false}
        aria-label={t(`${ns}.records.period`)}
        data-testid={`${testId}-period`}
        onChange={(values) => {
          if (values?.[0] && values[1]) onRange([values[0], values[1]]);
        }}
      />
      <Select<VideoRecordType>
        aria-label={t(`${ns}.records.type`)}
        data-testid={`${testId}-type`}
        allowClear
        placeholder={t(`${ns}.records.allTypes`)}
        style={{ width: 130 }}
        value={type}
        onChange={onType}
        options={VIDEO_RECORD_TYPES.map((v) => ({ value: v, label: t(`${ns}.recordTypes.${v}`) }))}
      />
    </>
  );
}

/**
 * A record search (a camera's recordings, a recorder's files, the emergency call recordings): its fields
 * and the search button on one wrapping row, a note under them, what is wrong with the search (found
 * before asking) and the server's refusal in words. Test ids `<testId>-search`, `-invalid`, `-error`.
 */
export function RecordSearchBar({
  testId,
  fields,
  searchText,
  searching,
  onSearch,
  note,
  invalid,
  error,
}: {
  testId: string;
  fields: ReactNode;
  searchText: string;
  searching: boolean;
  onSearch: () => void;
  note?: ReactNode;
  invalid: string | null;
  error: unknown;
}) {
  return (
    <Flex vertical gap={8}>
      <Space wrap>
        {fields}
        <Button
          type="primary"
          icon={<SearchOutlined />}
          loading={searching}
          onClick={onSearch}
          data-testid={`${testId}-search`}
        >
          {searchText}
        </Button>
      </Space>
      {note}
      {invalid && (
        <Typography.Text type="danger" data-testid={`${testId}-invalid`}>
          {invalid}
        </Typography.Text>
      )}
      {error ? <Alert type="error" showIcon title={failureText(error)} data-testid={`${testId}-error`} /> : null}
    </Flex>
  );
}

/**
 * What a device answered to a record search (a camera's recordings, a recorder's files), ten a page: a
 * warning when it holds more than it answered, the count (`<testId>-count`), and in the empty table the
 * hint before any search, `empty` after one.
 */
export function RecordFilesTable<T extends object>({
  testId,
  answer,
  columns,
  rowKey,
  loading,
  texts,
}: {
  testId: string;
  answer: { files: T[]; truncated: boolean } | undefined;
  columns: TableColumnsType<T>;
  rowKey: (file: T) => string;
  loading: boolean;
  texts: { hint: string; empty: string; count: (count: number) => string; truncated: (count: number) => string };
}) {
  return (
    <Flex vertical gap={8}>
      {answer?.truncated && <Alert type="warning" showIcon title={texts.truncated(answer.files.length)} />}
      {answer && !answer.truncated && answer.files.length > 0 && (
        <Typography.Text type="secondary" data-testid={`${testId}-count`}>
          {texts.count(answer.files.length)}
        </Typography.Text>
      )}
      <Table<T>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={answer?.files ?? []}
        loading={loading}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={answer ? texts.empty : texts.hint} />,
        }}
      />
    </Flex>
  );
}
