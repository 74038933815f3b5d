/** Main navigation of the header (requirements §2). */
export const MAIN_NAV = [
  { to: '/', label: 'Home' },
  { to: '/plans', label: 'Plans' },
  { to: '/changelog', label: 'Changelog' },
  { to: '/support', label: 'Support' },
] as const;
