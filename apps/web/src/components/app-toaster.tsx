import { Toaster } from 'sonner';

/**
 * The one toast host of the app: top centre, coloured by kind. Its text colours are darkened in
 * global.css (`[data-sonner-toaster]`) so that every kind reads at 4.5:1 or more.
 */
export function AppToaster() {
  return <Toaster position="top-center" richColors />;
}
