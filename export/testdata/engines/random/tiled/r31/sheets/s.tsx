<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="8" tileheight="8" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="11" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="301.77204920567056,565.1363276991137"/>
   <property name="sprite" value="r31/sheets/s/1"/>
  </properties>
  <image source="../../../../art/r31/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="98.85402139944088,46.75274043655153 68.4889382616077,77.96413566462164 26.276535537626003,67.27289989326665 14.429215951477467,25.370268893841583 44.79429908931061,-5.84112633422852 87.00670181329234,4.850109437126438"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="82.51855067394817,4.328076151116559 39.48950657141094,26.49661038721689 41.805514809551596,-21.85190202419149"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="15.418787433608637,17.600116547235704 6.234143243213477,25.411602106608697 -4.033232142092935,19.0903681886417 -1.1941749150711871,7.372145217126442 10.827834332540693,6.451119050947213"/>
   </object>
   <object id="4" name="circle" x="-0.000000005405680604355589" y="-15.267907173711599" width="0.000000046716799196987054" height="0.000000046716799196987054">
    <ellipse/>
   </object>
   <object id="5" name="box" x="0" y="0">
    <polygon points="-60.212084715000316,1268.6547433166893 1409.2823477845905,103.66481800372691 1894.2120847150004,715.3452566833107 424.71765221540943,1880.3351819962731"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
