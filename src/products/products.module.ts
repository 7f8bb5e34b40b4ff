import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductOffer } from './product-offer.entity';
import { ProductOffersService } from './product-offers.service';
import { Product } from './product.entity';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';

@Module({
  imports: [TypeOrmModule.forFeature([Product, ProductOffer])],
  controllers: [ProductsController],
  providers: [ProductsService, ProductOffersService],
  exports: [ProductsService, ProductOffersService],
})
export class ProductsModule {}
