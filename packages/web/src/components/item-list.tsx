import { Listy, theme } from 'antd';
import type { CSSProperties, HTMLAttributes, Key, ReactNode } from 'react';

/** What a row may carry besides its content: a click, a highlight, a test id. */
export type ItemListRowProps = HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string };

/**
 * A short list of rows parted by lines, on antd's Listy (antd 6.6 deprecates its List, which warns
 * "use `Listy` instead"), spaced as List's rows were: `small` closer, `bordered` in a frame with the
 * rows set in from it. Listy draws no line under the last row (the frame clips it), as List did.
 */
export function ItemList<T>(props: {
  items: readonly T[];
  rowKey: (item: T) => Key;
  render: (item: T, index: number) => ReactNode;
  rowProps?: (item: T) => ItemListRowProps;
  size?: 'small' | 'default';
  bordered?: boolean;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  const small = props.size === 'small';
  const block = small ? token.paddingXS : token.paddingSM;
  const inline = props.bordered ? (small ? token.padding : token.paddingLG) : 0;
  const frame: CSSProperties = props.bordered
    ? { border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`, borderRadius: token.borderRadiusLG }
    : {};
  return (
    <div data-testid={props['data-testid']} style={{ ...frame, overflow: 'hidden' }}>
      <Listy<T>
        items={[...props.items]}
        rowKey={props.rowKey}
        styles={{ root: { marginBottom: -token.lineWidth }, item: { padding: 0 } }}
        itemRender={(item, index) => {
          const own = props.rowProps?.(item);
          return (
            <div {...own} style={{ padding: `${block}px ${inline}px`, ...own?.style }}>
              {props.render(item, index)}
            </div>
          );
        }}
      />
    </div>
  );
}
