import type { Auth } from './auth.ts';
import { AUTH_BASE_PATH } from './auth.ts';

interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
}

const AUTH_TAG = 'Accounts (Better Auth)';

/** What our hooks (auth.ts) add to a route's behaviour, appended to Better Auth's description. */
const HOOKED_BEHAVIOUR: Record<string, string> = {
  '/sign-up/email':
    'An address that already has an account is answered with 200 and the fields of a new account, `token: null`, no session and nothing created; its owner is mailed instead. By default (spec §4) a new address is signed in at once: its answer has a token and a session cookie, so the two answers differ there. With REQUIRE_EMAIL_VERIFICATION=true a new address gets `token: null` and no session either (the verification link signs it in): the two are answered alike, but for ids, address and times.',
};

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
    paths[`${AUTH_BASE_PATH}${path}`] = retag(item, HOOKED_BEHAVIOUR[path]);
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

/** Every operation of a path item under the one accounts tag, with what our hooks add. */
function retag(item: unknown, behaviour: string | undefined): unknown {
  if (!item || typeof item !== 'object') return item;
  return Object.fromEntries(
    Object.entries(item).map(([method, operation]) => {
      if (!operation || typeof operation !== 'object') return [method, operation];
      const { description } = operation as { description?: string };
      const described = behaviour
        ? { description: [description, behaviour].filter(Boolean).join(' ') }
        : {};
      return [method, { ...operation, tags: [AUTH_TAG], ...described }];
    }),
  );
}
