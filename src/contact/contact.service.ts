import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isIP } from 'node:net';
import { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { MailService } from 'src/mail/mail.service';
import { contactEmail } from './contact-email';
import { Contact } from './contact.entity';
import type { CreateContactDto } from './dto/create-contact.dto';

@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    @InjectRepository(Contact) private readonly contacts: Repository<Contact>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  /**
   * The address shown on the contact page: CONTACT_EMAIL, else the conventional contact@ of the site's
   * domain. A site reached by its IP address (SITE_URL http://203.0.113.5) has no domain to receive mail
   * for, so without CONTACT_EMAIL it shows none: the form is the way to write.
   */
  get publicAddress(): string | null {
    if (this.config.contactEmail) return this.config.contactEmail;
    const host = new URL(this.config.siteUrl).hostname;
    return isIP(host.replace(/^\[|\]$/g, '')) ? null : `contact@${host}`;
  }

  /** Saves the message first, so it is never lost, then mails it to the team when mail is configured. */
  async create(dto: CreateContactDto, ipAddress: string): Promise<Contact> {
    if (dto.website) throw new BadRequestException('Message rejected');
    // One INSERT is atomic by itself: no BEGIN and COMMIT around it.
    const contact = await this.contacts.save(
      this.contacts.create({ name: dto.name, email: dto.email, subject: dto.subject, message: dto.message, ipAddress, emailSent: false }),
      { transaction: false },
    );
    contact.emailSent = await this.notify(contact);
    if (contact.emailSent) await this.contacts.update(contact.id, { emailSent: true });
    return contact;
  }

  private async notify(contact: Contact): Promise<boolean> {
    try {
      const mail = {
        // No address to name at all: the kept copy says so rather than invent one.
        to: this.publicAddress ?? 'undisclosed-recipients:;',
        replyTo: { name: contact.name, address: contact.email },
        ...contactEmail({ siteName: this.config.siteName, siteUrl: this.config.siteUrl }, contact),
      };
      // Without CONTACT_EMAIL nobody is named to receive it: it is kept in the outbox beside the database row.
      if (!this.config.contactEmail) {
        await this.mail.keep(mail);
        return false;
      }
      return (await this.mail.send(mail)).sent;
    } catch (error) {
      this.logger.error(`Contact message ${contact.id} could not be mailed: ${(error as Error).message}`);
      return false;
    }
  }
}
