/** Provider sign-in (and Switch Account) start at our server, which builds the provider redirect. */
export type SignInWorkflow = 'dashboard' | 'switch';

export const providerSignInUrl = (authorizeUrl: string, workflow: SignInWorkflow, redirectPath: string): string => {
  const separator = authorizeUrl.includes('?') ? '&' : '?';
  return `${authorizeUrl}${separator}workflow=${workflow}&redirect=${encodeURIComponent(redirectPath)}`;
};
