import type { Lang } from '@sc/contract';
import { Dropdown } from 'antd';
import { type ReactNode, useState } from 'react';
import { changeLang } from '../i18n/i18n';

/**
 * The language switch's menu, loaded on the first click (antd's Dropdown brings Menu and its parts,
 * which the login page does not need to show itself); it opens at once, as the click asked.
 */
export default function LanguageMenu({
  labels,
  lang,
  children,
}: {
  labels: Record<Lang, string>;
  lang: Lang;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: (Object.keys(labels) as Lang[]).map((key) => ({ key, label: labels[key] })),
        onClick: ({ key }) => {
          setOpen(false);
          void changeLang(key as Lang);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
