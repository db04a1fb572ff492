import { MENU_TRANSITION } from '@shop/contracts/constants';
import type { CSSProperties } from 'react';

/** The spec's menu timings, as the variables the menus' transition classes read (--menu-in/out). */
export const menuTimingStyle = {
  '--menu-in': `${MENU_TRANSITION.inMs}ms`,
  '--menu-out': `${MENU_TRANSITION.outMs}ms`,
} as CSSProperties;
