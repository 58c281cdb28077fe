<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="8" tileheight="8" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="31" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="623.3879750786291,-709608819.7736027"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r18/sheets/s/3"/>
  </properties>
  <image source="../../../../art/r18/sheets/s.png"/>
 </tile>
</tileset>
