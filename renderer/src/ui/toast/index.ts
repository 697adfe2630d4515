export { ToastProvider } from './ToastProvider.tsx';
export { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToast } from './toastState.ts';
export type { ToastOptions, ToastVariant } from './toastState.ts';
