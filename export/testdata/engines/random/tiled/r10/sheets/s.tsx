<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="7" tileheight="36" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="47" y="32" width="7" height="36">
  <properties>
   <property name="pivot" value="933,43.999999976234584"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r10/sheets/s/1"/>
  </properties>
  <image source="../../../../art/r10/sheets/s.png"/>
 </tile>
</tileset>
