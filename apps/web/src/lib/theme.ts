import type { ThemeConfig } from 'antd';

/**
 * The brand orange (#F26B1D) reads well on large areas but only reaches 3:1 against white, below
 * the 4.5:1 WCAG AA needs for 14 px text. Interactive colour (buttons, links, selected menu items)
 * therefore uses a deeper orange of the same hue (5.2:1 on white); the bright brand orange is kept
 * for decorative surfaces: the logo, the login panel and the splash screen (drawn in their own files).
 */
const ACCESSIBLE_ORANGE = '#C2410C';
const DEEP_ORANGE = '#9A3412';

export const appTheme: ThemeConfig = {
  cssVar: { key: 'scentia' },
  token: {
    colorPrimary: ACCESSIBLE_ORANGE,
    // antd lightens a hovered primary button (white text on its #CF602D is 3.9:1); darkening keeps AA.
    colorPrimaryHover: DEEP_ORANGE,
    colorPrimaryActive: '#7C2D12',
    colorLink: ACCESSIBLE_ORANGE,
    colorLinkHover: DEEP_ORANGE,
    colorInfo: ACCESSIBLE_ORANGE,
    // antd's default red (#ff4d4f) is 3.3:1 on white; this one passes AA for danger texts.
    colorError: '#C62828',
    // Hovered and focused danger buttons darken instead of lightening, so they keep AA too.
    colorErrorHover: '#B71C1C',
    colorErrorActive: '#8E1616',
    colorBgLayout: '#F7F5F3',
    colorTextSecondary: '#5C5F66',
    colorTextDescription: '#5C5F66',
    // antd's placeholder grey (25 % black) is 1.9:1 on white; placeholders carry hints, so they need AA.
    colorTextPlaceholder: '#6B6E75',
    borderRadius: 10,
    borderRadiusLG: 14,
    fontFamily:
      "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
    fontSize: 14,
    controlHeight: 36,
    controlHeightLG: 44,
  },
  components: {
    Layout: {
      headerBg: '#FFFFFF',
      siderBg: '#FFFFFF',
      headerHeight: 64,
      headerPadding: '0 20px',
      footerBg: 'transparent',
      footerPadding: '16px 24px',
    },
    Menu: {
      itemSelectedBg: '#FFF1E8',
      itemSelectedColor: '#B23C0B',
      itemHoverBg: '#FFF7F2',
      itemBorderRadius: 8,
      itemMarginInline: 8,
      horizontalItemSelectedColor: '#B23C0B',
      activeBarBorderWidth: 0,
    },
    Button: {
      primaryShadow: '0 4px 12px rgba(194, 65, 12, 0.25)',
      fontWeight: 600,
    },
    Card: {
      headerFontSize: 16,
    },
    Segmented: {
      itemSelectedColor: '#B23C0B',
    },
    // antd labels descriptions in its tertiary grey (#8c8c8c, 3.4:1 on white); labels are text, so AA.
    Descriptions: {
      labelColor: '#5C5F66',
    },
  },
};
