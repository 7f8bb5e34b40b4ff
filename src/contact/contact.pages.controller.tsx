import { Controller, Get, Query } from '@nestjs/common';
import { Html } from 'src/common/html.decorator';
import { RenderService } from 'src/render/render.service';
import { ContactPage, FAQ, meta } from 'views/pages/ContactPage';
import { ContactService } from './contact.service';
import { CacheTags } from 'src/common/cache-tags';

@CacheTags()
@Controller()
export class ContactPagesController {
  constructor(
    private readonly contacts: ContactService,
    private readonly render: RenderService,
  ) {}

  /** The contact page; `?subject=` pre-fills the form (e.g. 'Suggest a Product' links). */
  @Get('contact')
  @Html()
  contact(@Query('subject') subject?: unknown): string {
    const initialSubject = typeof subject === 'string' ? subject.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
    const url = this.render.absoluteUrl('/contact');
    return this.render.page(
      {
        ...meta,
        path: '/contact',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'ContactPage',
            name: `Contact ${this.render.siteName}`,
            url,
            mainEntity: {
              '@type': 'Organization',
              name: this.render.siteName,
              url: this.render.absoluteUrl('/'),
              ...(this.contacts.publicAddress ? { email: this.contacts.publicAddress } : {}),
            },
          },
          {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            mainEntity: FAQ.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
          },
        ],
      },
      <ContactPage email={this.contacts.publicAddress} initialSubject={initialSubject} />,
    );
  }
}
