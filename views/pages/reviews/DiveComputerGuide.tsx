/** The buying guide shown with the Dive Computers filter (SPEC section 2). */
export function DiveComputerGuide() {
  return (
    <section aria-labelledby="dive-computer-guide" className="mt-8 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
      <h2 id="dive-computer-guide" className="text-2xl font-bold text-slate-900">
        Dive Computer Buying Guide
      </h2>
      <div className="mt-6 grid gap-8 md:grid-cols-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">For beginners</h3>
          <p className="mt-2 text-slate-600">
            Choose a computer you can read and drive without the manual: a clear screen, two or three buttons, air and nitrox modes, and a conservative
            algorithm. A wrist-mounted model at $400-$900 will see you through your first hundred dives and most liveaboards on the Reef.
          </p>
        </div>
        <div>
          <h3 className="text-lg font-semibold text-slate-900">For advanced divers</h3>
          <p className="mt-2 text-slate-600">
            Deep wreck, drift and technical divers want multi-gas switching, adjustable gradient factors, air integration with one or more transmitters, a
            bright colour screen for murky southern water, and a battery that lasts a week-long trip. Budget $1,200-$2,000.
          </p>
        </div>
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Key features</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-600">
            <li>Readable display in low light and bright sun</li>
            <li>Nitrox up to 40% (most Australian liveaboards offer it)</li>
            <li>Audible and visual ascent-rate and deco alarms</li>
            <li>User-replaceable or rechargeable battery</li>
            <li>Bluetooth log download and firmware updates</li>
            <li>Local service and warranty support in Australia</li>
          </ul>
        </div>
      </div>
    </section>
  );
}
