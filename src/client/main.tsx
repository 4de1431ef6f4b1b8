import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BRAND } from '../shared/brand.ts';
import './index.css';

// A placeholder page until the web app lands (issue 3): it proves the real build is served.
function App() {
  return (
    <main className="mx-auto max-w-7xl p-8">
      <title>{`${BRAND} | Home`}</title>
      <h1 className="text-3xl font-bold">{BRAND}</h1>
      <p className="mt-2">Connecting clients and freelancers for small, meaningful work.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
