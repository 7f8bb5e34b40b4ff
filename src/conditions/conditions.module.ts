import { Module } from '@nestjs/common';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { ConditionsController } from './conditions.controller';
import { ConditionsService } from './conditions.service';

/** Tides, sun and moon for every dive site (issue 46): the API call, and the service the site page reads. */
@Module({ imports: [DiveSitesModule], controllers: [ConditionsController], providers: [ConditionsService], exports: [ConditionsService] })
export class ConditionsModule {}
