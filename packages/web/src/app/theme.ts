import { PRIMARY_COLOR } from '@sc/contract';
import type { ThemeConfig } from 'antd';

/**
 * The spec's orange (#fa8c16) stays the colour of fills, borders and icons, but white text on it reads
 * at 2.37:1 and orange text on white no better. WCAG AA asks 4.5:1 for text, so: text on an orange fill
 * is dark (8.8:1), orange text is a darker shade of it, orange-8 #ad4e00 (5.4:1 on white), which also
 * fills what carries white text (the selected menu item, badges); grey secondary text is 0.62 black
 * (5.9:1) instead of antd's 0.45 (3.3:1).
 */
export const PRIMARY_TEXT = '#ad4e00';
const DARK_TEXT = 'rgba(0, 0, 0, 0.88)';
const ALARM_RED = '#cf1322';

/**
 * Tags write their text in shade 7 of their palette on shade 1 (green #389e0d on #f6ffed: 3.4:1), and a
 * status tag in the status colour (success #52c41a: 2.2:1). Where that is under 4.5:1 the text takes
 * the first darker shade that reaches it: shade 8, or 9 for the yellows and lime.
 */
export const TAG_TEXT = {
  cyan7: '#006d75',
  green7: '#237804',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  colorInfo: '#0958d9',
  colorError: ALARM_RED,
};

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    borderRadius: 6,
    colorLink: PRIMARY_TEXT,
    colorLinkHover: '#d46b08',
    colorLinkActive: '#873800',
    colorPrimaryText: PRIMARY_TEXT,
    colorPrimaryTextHover: '#d46b08',
    colorPrimaryTextActive: '#873800',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    Button: {
      primaryColor: DARK_TEXT,
      dangerColor: '#fff',
      colorError: ALARM_RED,
      // A hovered button keeps its text readable: antd lightens it (red #ff7875 2.5:1, orange 2.1:1).
      colorErrorHover: '#a8071a',
      colorErrorActive: '#820014',
      defaultHoverColor: PRIMARY_TEXT,
      defaultActiveColor: '#873800',
    },
    Menu: {
      itemSelectedColor: PRIMARY_TEXT,
      darkItemSelectedBg: PRIMARY_TEXT,
      darkItemColor: 'rgba(255, 255, 255, 0.75)',
      darkGroupTitleColor: 'rgba(255, 255, 255, 0.75)',
    },
    Tabs: { itemSelectedColor: PRIMARY_TEXT, itemActiveColor: PRIMARY_TEXT, itemHoverColor: '#d46b08' },
    Pagination: { itemActiveColor: PRIMARY_TEXT },
    Radio: { buttonSolidCheckedColor: DARK_TEXT },
    Badge: { colorError: ALARM_RED },
    Tag: TAG_TEXT,
    Steps: { colorTextLightSolid: DARK_TEXT },
    Segmented: { itemSelectedColor: DARK_TEXT },
  },
};
