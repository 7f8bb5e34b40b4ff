import { Module } from '@nestjs/common';
import { RatingsModule } from 'src/ratings/ratings.module';
import { DiveSitesModule } from './dive-sites.module';
import { DiveSitesPagesController } from './dive-sites.pages.controller';

/** The server-rendered pages /dive-sites and /dive-sites/{id}. */
@Module({ imports: [DiveSitesModule, RatingsModule], controllers: [DiveSitesPagesController] })
export class DiveSitePagesModule {}
