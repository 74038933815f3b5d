/**
 * The app, started by boot.ts (the browser's entry, which carries the stylesheets): mounts the
 * router (app/router.tsx). A public page arrives rendered by the server with its data (entry-server.tsx): the data
 * goes into the query cache and React hydrates the HTML in place; any other page is rendered here
 * from an empty root.
 */
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { AppRoutes, preloadMatchedPages } from './app/router';
import { preloadUserMenu } from './components/layout/header';
import { readStoredToken } from './lib/auth-storage';
import { queryClient } from './lib/query-client';
import { readServerState } from './lib/server-state';
import { markHydrated } from './lib/use-hydrated';
import { ServerViewport } from './lib/use-media-query';

/** Marks `<html>` once the first render (hydration or not) is committed: the page answers input. */
function Hydrated() {
  useEffect(() => markHydrated(), []);
  return null;
}

const container = document.getElementById('root')!;
const server = readServerState(document);
if (server) hydrate(queryClient, server.queries);
// A stored session shows the user menu: its code comes alongside the page's, not after it.
if (readStoredToken()) preloadUserMenu().catch(() => {});
if (server) await preloadMatchedPages(window.location);
const app = (
  <StrictMode>
    <ServerViewport value={{ phone: server?.phone ?? false }}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Hydrated />
    </ServerViewport>
  </StrictMode>
);
// In a transition, hydration is done in slices that yield to the browser between them (React's
// time slicing), instead of one long task that holds every tap until the whole page is done.
if (server) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
