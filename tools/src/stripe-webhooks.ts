/** Tells the provider sandbox's Stripe to send its signed events to this API's webhook. */
export const pointStripeWebhooks = async (sandboxUrl: string, apiUrl: string): Promise<void> => {
  const response = await fetch(`${sandboxUrl}/_sandbox/stripe/webhook-endpoint`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: `${apiUrl}/api/stripe/webhook` }),
  });
  if (!response.ok) throw new Error(`the sandbox refused the webhook endpoint: ${response.status}`);
};
