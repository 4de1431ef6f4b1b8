import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { DialogProvider } from './components/dialogs.tsx';
import { ToastProvider } from './components/toaster.tsx';
import { LiveNotifications } from './features/notifications/notifications-shell.tsx';
import { SessionProvider } from './lib/session.tsx';
import { AppRoutes } from './router.tsx';
import './index.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* No transitions: a navigation shows the loading indicator at once (spec §2 "Shell"). */}
      <BrowserRouter useTransitions={false}>
        <SessionProvider>
          <ToastProvider>
            <DialogProvider>
              <AppRoutes />
              <LiveNotifications />
            </DialogProvider>
          </ToastProvider>
        </SessionProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
