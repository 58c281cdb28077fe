<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="62" tileheight="17" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="6" y="47" width="62" height="17">
  <properties>
   <property name="pivot" value="-104,-778.3685206073355"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r35/sheets/s/1"/>
  </properties>
  <image source="../../../../art/r35/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="15.56703674743148,-49.51955814793935 20.68581168593372,-53.32560552698423 26.853003322802167,-51.696617854620484 29.42459056769181,-45.8592560734308 26.464115774380744,-40.20917266513115 20.20087684491252,-39.00099567686871 15.351220439967491,-43.14450702312429"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-43.71551180102793,-1.8689318809187867 -26.045716609603403,-25.0262852250561 2.823436976402782,-28.90657480699484 25.980790320540095,-11.236779615570342 29.861079902478842,17.63237397043585 12.191284711054344,40.78972731457317 -16.677868874951855,44.670016896511925 -39.835222219089175,27.000221705087423"/>
   </object>
   <object id="3" name="circle" x="-208.7357487626615" y="-208.87596916043617" width="1847.7519383208723" height="1847.7519383208723">
    <ellipse/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="-848193794.3461398,17.84237878062453 -848193794.3461398,17.842378735182308 -848193355.1673867,-797.3864374446771 -848193355.1673867,-797.3864373992349"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1" x="21" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="-160.00630432424236,604"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r35/sheets/s/2"/>
  </properties>
  <image source="../../../../art/r35/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-123,105 491,-1438 1521,-135"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-54,27 -116,-767 678,-829 740,-35"/>
   </object>
   <object id="3" name="circle" x="-608.2479980971782" y="21.747225711052238" width="622.3913959696579" height="622.3913959696579">
    <ellipse/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="577.9999999556995,541.9999999233316 577.9999999556995,542.0000000766684 -562.0000000443005,542.0000000766684 -562.0000000443005,541.9999999233316"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
