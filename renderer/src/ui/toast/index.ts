export { ToastProvider, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './Toaster.tsx';
export { useToast } from './toastState.ts';
export type { ToastOptions, ToastVariant } from './toastState.ts';
