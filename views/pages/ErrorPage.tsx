export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-black text-cyan-700">{status}</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{message}</h1>
      <p className="mt-4 text-slate-600">Please try again in a moment. If it keeps happening, let us know through the contact page.</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-cyan-700 px-5 py-3 font-semibold text-white hover:bg-cyan-800">
        Back to Home
      </a>
    </section>
  );
}
