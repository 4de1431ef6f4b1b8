import type { Auth } from './auth.ts';
import { AUTH_BASE_PATH } from './auth.ts';

interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
}

const AUTH_TAG = 'Accounts (Better Auth)';

/**
 * Better Auth's own description of its routes (its openAPI plugin), under /api/auth: sign-up and
 * sign-in, sessions, password reset, email verification and change, so that the one OpenAPI
 * document describes every call a client can make. Read once when the app is built.
 */
export async function authOpenApi(auth: Auth): Promise<OpenApiDocument> {
  return (await auth.api.generateOpenAPISchema()) as OpenApiDocument;
}

/** `document` (ours) with Better Auth's paths and models added; ours win on a clash. */
export function withAuthPaths<T extends OpenApiDocument>(
  document: T,
  authDocument: OpenApiDocument,
): T {
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(authDocument.paths ?? {})) {
    // Neither the generator's own route nor the admin plugin's are served (auth.routes.ts).
    if (path.startsWith('/open-api') || path.startsWith('/admin/')) continue;
    paths[`${AUTH_BASE_PATH}${path}`] = retag(item);
  }
  return {
    ...document,
    paths: { ...paths, ...document.paths },
    components: {
      ...document.components,
      schemas: { ...authDocument.components?.schemas, ...document.components?.schemas },
    },
    tags: [
      ...(document.tags ?? []),
      { name: AUTH_TAG, description: 'Accounts, sessions and passwords, served by Better Auth.' },
    ],
  };
}

/** Every operation of a path item under the one accounts tag. */
function retag(item: unknown): unknown {
  if (!item || typeof item !== 'object') return item;
  return Object.fromEntries(
    Object.entries(item).map(([method, operation]) => [
      method,
      operation && typeof operation === 'object' ? { ...operation, tags: [AUTH_TAG] } : operation,
    ]),
  );
}
