import { panelSurface } from './panel-look';

/** How the panels that drop down from the header look (the site's menus, the member's menu). */
export const dropdownLook = {
  p: '2',
  ...panelSurface(0.97),
  backdropFilter: 'blur(16px)',
  borderRadius: 'xl',
  boxShadow: '0 24px 48px -12px rgba(0, 0, 0, 0.8)',
} as const;
