import { createDesktopPlatform } from './desktop.ts';
import type { DesktopBridge } from './desktop.ts';
import { webPlatform } from './web.ts';

export type { Platform, ShareData } from './Platform.ts';

/** The only place that reads the preload bridge; everything else asks `platform`. */
function findDesktopBridge(): DesktopBridge | undefined {
  return (window as Window & { ashnote?: DesktopBridge }).ashnote;
}

const bridge = findDesktopBridge();

export const platform = bridge ? createDesktopPlatform(bridge) : webPlatform;
