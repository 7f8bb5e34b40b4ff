/** Without JavaScript an admin screen never gets past its session check: this says why. */
export function AdminNoScript() {
  return (
    <noscript>
      <p className="mx-auto mb-6 max-w-lg rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-center text-amber-900">
        JavaScript is required for the dashboard. Turn it on in your browser to sign in and manage the site.
      </p>
    </noscript>
  );
}
